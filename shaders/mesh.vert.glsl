#version 330 core
// The filled cloth: the cells' triangles, world metres -> the page's canvas transform -> clip
// space (as lines.vert.glsl), each vertex carrying the value its colour map reads: the
// particle's mean strain or its speed.

layout(location = 0) in vec2 aPosition; // world metres
layout(location = 1) in float aValue;   // strain (signed) or speed (m/s); 0 when not coloured

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels

out float vValue;

void main()
{
    vec2 screen = uOrigin + uZoom * vec2(aPosition.x, -aPosition.y);
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vValue = aValue;
}
