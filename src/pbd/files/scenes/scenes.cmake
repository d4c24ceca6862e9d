# The built-in scenes: one scene file per scene in this folder, embedded into the core library
# at build time (embed_scenes.cmake) as the one registry that builtInSceneNames(),
# builtInScene() and builtInScenes() read. Included by the top-level CMakeLists.txt after the
# `pbd` target. A new scene: its NAME.json here (with a one-line "description") and its name in
# this list, in the order the app's Scene combo and `pbd-sim scenes` show them ("page" first;
# the 3D scenes, "dimensions": 3 in their settings, after the 2D ones).
set(PBD_BUILTIN_SCENES
  page curtain-over-ball pegs table slope bar hammock sweep drop heap flag
  catenary hanging-strip wind-rope pendulum incline
  drape-3d tablecloth-3d flag-3d curtain-3d cantilever-3d drop-3d)

set(PBD_SCENE_DIR ${CMAKE_CURRENT_LIST_DIR})
set(PBD_SCENE_FILES)
foreach(name IN LISTS PBD_BUILTIN_SCENES)
  list(APPEND PBD_SCENE_FILES ${PBD_SCENE_DIR}/${name}.json)
endforeach()
set(PBD_SCENES_HEADER ${CMAKE_CURRENT_BINARY_DIR}/generated/builtin_scenes_embedded.h)
add_custom_command(
  OUTPUT ${PBD_SCENES_HEADER}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${PBD_SCENES_HEADER} -DSCENE_DIR=${PBD_SCENE_DIR}
          "-DSCENES=${PBD_BUILTIN_SCENES}" -P ${PBD_SCENE_DIR}/embed_scenes.cmake
  DEPENDS ${PBD_SCENE_FILES} ${PBD_SCENE_DIR}/embed_scenes.cmake ${PBD_SCENE_DIR}/scenes.cmake
  COMMENT "Embedding the built-in scene files"
  VERBATIM
)
target_sources(pbd PRIVATE ${PBD_SCENES_HEADER})
target_include_directories(pbd PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
