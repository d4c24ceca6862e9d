#version 330 core
// The filled cloth: the cells' triangles, world metres -> the page's canvas transform -> clip
// space (as lines.vert.glsl), each vertex carrying the value its colour map reads (the
// particle's mean strain or its speed), its world position and its rest position on the grid:
// particle i is column i % width, row i / width (gl_VertexID is the index drawn), so the
// fragment shader can compare a triangle's area with its rest area.

layout(location = 0) in vec2 aPosition; // world metres
layout(location = 1) in float aValue;   // strain (signed) or speed (m/s); 0 when not coloured

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels
uniform int uGridWidth;   // particles per row
uniform vec2 uSpacing;    // rest spacing across and down, metres

out float vValue;
out vec2 vWorld; // metres
out vec2 vRest;  // metres on the flat grid

void main()
{
    vec2 screen = uOrigin + uZoom * vec2(aPosition.x, -aPosition.y);
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vValue = aValue;
    vWorld = aPosition;
    vRest = vec2(float(gl_VertexID % uGridWidth), -float(gl_VertexID / uGridWidth)) * uSpacing;
}
