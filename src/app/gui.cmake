# pbd-cloth: the desktop app (window, input, renderer, ImGui panel) on top of pbd_app_logic.
# Needs: GLFW 3.3, Dear ImGui 1.86 with its GLFW and OpenGL 3 backends (Debian libimgui-dev,
# found through pkg-config), stb_image_write (libstb-dev), Xlib + XInput2 (libx11-dev,
# libxi-dev), and the glad loader in third_party/glad.
find_package(glfw3 3.3 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
find_package(X11 REQUIRED)
if(NOT X11_Xi_FOUND)
  message(FATAL_ERROR "XInput2 (libxi-dev) is required for touch and pinch input")
endif()
find_path(STB_IMAGE_WRITE_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb REQUIRED)
find_library(STB_LIBRARY stb REQUIRED)

if(NOT TARGET glad)
  add_subdirectory(${PROJECT_SOURCE_DIR}/third_party/glad ${PROJECT_BINARY_DIR}/third_party/glad)
endif()

# The GLSL sources, embedded into a generated header at build time.
set(PBD_SHADERS
  ${PROJECT_SOURCE_DIR}/shaders/axes.vert.glsl
  ${PROJECT_SOURCE_DIR}/shaders/axes.frag.glsl
  ${PROJECT_SOURCE_DIR}/shaders/lines.vert.glsl
  ${PROJECT_SOURCE_DIR}/shaders/lines.frag.glsl
  ${PROJECT_SOURCE_DIR}/shaders/discs.vert.glsl
  ${PROJECT_SOURCE_DIR}/shaders/discs.frag.glsl
  ${PROJECT_SOURCE_DIR}/shaders/frame.vert.glsl
  ${PROJECT_SOURCE_DIR}/shaders/frame.frag.glsl
)
set(PBD_SHADERS_HEADER ${CMAKE_CURRENT_BINARY_DIR}/generated/shaders_embedded.h)
add_custom_command(
  OUTPUT ${PBD_SHADERS_HEADER}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${PBD_SHADERS_HEADER} "-DSHADERS=${PBD_SHADERS}"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/embed_shaders.cmake
  DEPENDS ${PBD_SHADERS} ${CMAKE_CURRENT_SOURCE_DIR}/embed_shaders.cmake
  COMMENT "Embedding GLSL shaders"
  VERBATIM
)

add_executable(pbd-cloth
  ${CMAKE_CURRENT_SOURCE_DIR}/main.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app_input.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/files_panel.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/exporter.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/frame_capture.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/gl_debug.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/gl_program.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/gpu_view.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/help_overlay.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/imgui_layer.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/panel.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/panel_colouring.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/panel_plots.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/renderer.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/screenshot.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/shader_sources.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/strain_legend.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/view_dump.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/window.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/x11_touch.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/x11_window_watch.cpp
  ${PBD_SHADERS_HEADER}
)
target_include_directories(pbd-cloth PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
target_include_directories(pbd-cloth SYSTEM PRIVATE ${STB_IMAGE_WRITE_INCLUDE_DIR})
# glad provides the GL declarations; GLFW must not include the system GL header.
target_compile_definitions(pbd-cloth PRIVATE GLFW_INCLUDE_NONE)
target_link_libraries(pbd-cloth PRIVATE
  pbd pbd_internal pbd_app_logic pbd_cli_flags pbd_warnings
  glad glfw PkgConfig::IMGUI ${STB_LIBRARY} X11::X11 X11::Xi ${CMAKE_DL_LIBS})
# The GPU solver on the window's context (OpenGL 4.3), when built.
if(TARGET pbd_gpu)
  target_link_libraries(pbd-cloth PRIVATE pbd_gpu)
  target_compile_definitions(pbd-cloth PRIVATE PBD_HAVE_GPU)
endif()

# cmake --install: the app, its desktop entry and its icon. The shaders are built into the
# binary (see above), so the installed app needs no data files to run from any folder.
# Exec in the desktop entry is the installed binary's absolute path, written at install time
# so that it follows --prefix.
include(GNUInstallDirs)
install(TARGETS pbd-cloth RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/data/pbd-cloth.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(CODE "
  set(PBD_CLOTH_EXEC \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/pbd-cloth\")
  if(PBD_CLOTH_EXEC MATCHES \" \")
    set(PBD_CLOTH_EXEC \"\\\"\${PBD_CLOTH_EXEC}\\\"\") # a path with spaces is quoted
  endif()
  configure_file(\"${PROJECT_SOURCE_DIR}/data/pbd-cloth.desktop.in\"
                 \"${CMAKE_CURRENT_BINARY_DIR}/pbd-cloth.desktop\" @ONLY)
  file(INSTALL \"${CMAKE_CURRENT_BINARY_DIR}/pbd-cloth.desktop\"
       DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/applications\")
")
