# Fails when a file under src/gpu includes a header of the core that is not public: every
# quoted include must be one of src/gpu's own headers, a public header of the core
# (pbd/..., the device contract in pbd/device/...), the generated loader (glad/...) or the
# test hooks' interface (src/hooks/test_hook.h: not the core's, compiled out of releases). The
# build enforces the same (pbd_gpu does not see src/pbd); this also catches relative paths.
#   cmake -DSOURCE_DIR=<repository root> -P check_gpu_includes.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository root>")
endif()
set(gpu ${SOURCE_DIR}/src/gpu)
set(problems "")
file(GLOB gpu_files ${gpu}/*.h ${gpu}/*.cpp)
foreach(path IN LISTS gpu_files)
  file(STRINGS ${path} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  file(RELATIVE_PATH name ${SOURCE_DIR} ${path})
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
    if(header MATCHES "^pbd/" AND EXISTS ${SOURCE_DIR}/include/${header})
      continue()
    endif()
    if(header MATCHES "^glad/")
      continue()
    endif()
    if(NOT header MATCHES "/" AND EXISTS ${gpu}/${header})
      continue()
    endif()
    if(header MATCHES "\\.glsl$" AND EXISTS ${SOURCE_DIR}/shaders/${header}) # a list shared with the kernels
      continue()
    endif()
    if(header STREQUAL "gpu_shaders_embedded.h") # generated from shaders/ at build time
      continue()
    endif()
    if(header STREQUAL "test_hook.h" AND EXISTS ${SOURCE_DIR}/src/hooks/${header})
      continue()
    endif()
    string(APPEND problems "\n  ${name}: ${line} (src/gpu includes only include/pbd and its own headers)")
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "gpu include rules broken:${problems}")
endif()
list(LENGTH gpu_files count)
message(STATUS "gpu include rules hold in ${count} files")
