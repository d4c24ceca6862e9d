#pragma once
/// \file
/// The cloth's surface as a Wavefront OBJ file, which 3D tools (Blender, MeshLab) open: one
/// vertex per particle, its normal, and the whole surface triangles, so that a drape made
/// here can be rendered or edited there.
///
/// The text: a comment line, then `v X Y Z` per particle in index order (z = 0 in 2D),
/// `vn NX NY NZ` per particle (the normalised sum of the cross products of the whole
/// triangles around it; +z for a particle in none), and `f A//A B//B C//C` (1-based) per
/// whole surface triangle (ClothTopology::surfaceTriangle(), in that order), its three
/// constraints alive: a cut or torn cloth shows its gaps. Triangles are counter-clockwise
/// seen from the side the normals face. Numbers are written exactly (%.17g).

#include <optional>
#include <string>

#include "pbd/simulation_fwd.h"

namespace pbd {

template <glm::length_t D>
std::string objText(const SimulationOf<D>& simulation);

/// Writes objText() to `path`, replacing it only when complete. Returns the reason on
/// failure (the path and the system's message).
template <glm::length_t D>
std::optional<std::string> saveObjFile(const SimulationOf<D>& simulation, const std::string& path);

} // namespace pbd
