#pragma once
/// \file
/// A panel text field over a std::string that grows as the user types: no character typed is
/// cut off at the end of a fixed buffer, and no character is filtered out as it is typed (a
/// number field's text reaches the panel model whole, which refuses what is not a number).

#include <cstring>
#include <string>

#include <imgui.h>

namespace pbd::app {

/// ImGui::InputText editing `text` in place (ImGuiInputTextFlags_CallbackResize); returns what
/// InputText returns.
inline bool inputString(const char* id, std::string& text, ImGuiInputTextFlags flags)
{
    const auto resize = [](ImGuiInputTextCallbackData* data) {
        if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
            auto* grown = static_cast<std::string*>(data->UserData);
            grown->resize(static_cast<std::size_t>(data->BufTextLen));
            data->Buf = grown->data();
        }
        return 0;
    };
    const bool result = ImGui::InputText(id, text.data(), text.capacity() + 1,
                                         flags | ImGuiInputTextFlags_CallbackResize, resize,
                                         &text);
    text.resize(std::strlen(text.c_str())); // the string ends where ImGui's text does
    return result;
}

} // namespace pbd::app
