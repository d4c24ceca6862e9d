# pbd_app_logic: the app's GL-free logic (background steps, controller, camera, canvas layout,
# controls help, export file names, frame statistics, the export writer thread, picking, plot
# history and chart axes, recording, playback, saving and loading (run_files), touch gestures
# and their routing, panel model, step timer, stepping, strain and speed colours, the video
# pipe to ffmpeg, view culling). No OpenGL, GLFW or ImGui here, so the unit tests in
# tests/app can link it headless.
add_library(pbd_app_logic STATIC
  ${CMAKE_CURRENT_SOURCE_DIR}/background_step.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/camera.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/canvas_layout.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/chart_axis.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/controller.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/controls_help.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/export_files.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/frame_stats.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/frame_worker.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/panel_model.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/picking.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/plot_history.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/recorder.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/replayer.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/run_files.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/speed_colors.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/step_timer.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/stepping.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/strain_colors.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/touch_gestures.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/touch_router.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/video_export.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/view_culling.cpp
)
target_include_directories(pbd_app_logic PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(pbd_app_logic PUBLIC pbd PRIVATE pbd_internal pbd_warnings)
