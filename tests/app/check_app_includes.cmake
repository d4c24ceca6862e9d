# Fails when the app's GL-free folders (src/app/logic, src/app/io) include glad, GLFW, GL or
# ImGui, when any file under src/app includes the headless tool's code (src/cli), when render/
# includes gui/ (the window layer sits above the renderer), or when io/ includes the whole
# controller, the renderer or the window layer (io/ takes the narrow interfaces of
# logic/files_host.h).
#   cmake -DSOURCE_DIR=<repository root> -P check_app_includes.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository root>")
endif()
set(app ${SOURCE_DIR}/src/app)
file(GLOB cli_headers RELATIVE ${SOURCE_DIR}/src/cli ${SOURCE_DIR}/src/cli/*.h)
list(TRANSFORM cli_headers REPLACE "\\." "\\\\.")
list(JOIN cli_headers "|" cli_pattern)

set(problems "")
file(GLOB_RECURSE app_files ${app}/*.h ${app}/*.cpp)
foreach(path IN LISTS app_files)
  file(STRINGS ${path} includes REGEX "^[ \t]*#[ \t]*include")
  file(RELATIVE_PATH name ${SOURCE_DIR} ${path})
  string(REGEX MATCH "^src/app/(logic|io)/" gl_free "${name}")
  string(REGEX MATCH "^src/app/render/" in_render "${name}")
  string(REGEX MATCH "^src/app/io/" in_io "${name}")
  foreach(line IN LISTS includes)
    if(gl_free AND line MATCHES "[<\"](glad/|GLFW/|GL/|imgui|backends/imgui)")
      string(APPEND problems "\n  ${name}: ${line} (logic/ and io/ are GL-free)")
    endif()
    if(in_render AND line MATCHES "\"gui/")
      string(APPEND problems "\n  ${name}: ${line} (render/ does not include gui/)")
    endif()
    if(in_io AND line MATCHES "\"(gui/|render/|logic/controller\\.h)")
      string(APPEND problems "\n  ${name}: ${line} (io/ takes narrow interfaces, not the controller)")
    endif()
    if(line MATCHES "[<\"](cli/|\\.\\./cli/)" OR
       (cli_pattern AND line MATCHES "[<\"](${cli_pattern})[\">]"))
      string(APPEND problems "\n  ${name}: ${line} (src/app does not include src/cli; shared code lives in src/common)")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "app include rules broken:${problems}")
endif()
list(LENGTH app_files count)
message(STATUS "app include rules hold in ${count} files")
