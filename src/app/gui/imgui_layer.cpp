#include "gui/imgui_layer.h"

#include <cstdio>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

namespace pbd::app {
namespace {

/// A readable sans-serif font when the system has it (Debian: fonts-dejavu-core); otherwise
/// ImGui's built-in bitmap font.
constexpr const char* kFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kFontPixels = 15.0f; // at content scale 1
/// Latin-1 plus the page's button symbols: U+25AE (pause bar) and U+25B6 (play triangle).
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2014, 0x2014, 0x25AE, 0x25AE,
                                     0x25B6, 0x25B6, 0};

} // namespace

ImGuiLayer::ImGuiLayer(GLFWwindow* window, float contentScale) : window_(window)
{
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // no imgui.ini in whatever directory we were started from
    io.LogFilename = nullptr;

    ImGui::StyleColorsLight(); // the page is dark text on white
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowBorderSize = 1.0f;
    style.FrameBorderSize = 1.0f;
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.Colors[ImGuiCol_WindowBg].w = 1.0f; // opaque: the canvas ends where the panel starts
    style.ScaleAllSizes(contentScale);

    if (std::FILE* f = std::fopen(kFontFile, "rb")) {
        std::fclose(f);
        hasSymbols_ = io.Fonts->AddFontFromFileTTF(kFontFile, kFontPixels * contentScale, nullptr,
                                                   kGlyphRanges) != nullptr;
    }
    if (!hasSymbols_) {
        ImFontConfig config;
        config.SizePixels = 13.0f * contentScale;
        io.Fonts->AddFontDefault(&config);
    }

    ImGui_ImplGlfw_InitForOpenGL(window, true); // chains the callbacks installed before it
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiLayer::~ImGuiLayer()
{
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::notePress(int key)
{
    if (key >= 0 && key < static_cast<int>(IM_ARRAYSIZE(ImGuiIO::KeysDown)))
        pressed_.push_back(key);
}

void ImGuiLayer::beginFrame()
{
    ImGuiIO& io = ImGui::GetIO();
    for (int key : pressed_)
        io.KeysDown[key] = true; // seen as pressed in this frame even if already released
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // A window destroyed under the app (X11) between App::run's check and here leaves the
    // backend's size query unanswered and the size garbage, which ImGui asserts on: draw this
    // last frame at size 0 instead (nothing is drawn); App::run then finds the window gone.
    if (!(io.DisplaySize.x >= 0.0f) || !(io.DisplaySize.y >= 0.0f))
        io.DisplaySize = ImVec2(0.0f, 0.0f);
    ImGui::NewFrame();
    for (int key : pressed_)
        io.KeysDown[key] = glfwGetKey(window_, key) == GLFW_PRESS; // the real state again
    pressed_.clear();
}

void ImGuiLayer::render()
{
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

} // namespace pbd::app
