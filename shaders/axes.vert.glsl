#version 330 core
// The coordinate axes at the world origin, one unit long, coloured per vertex.

layout(location = 0) in vec2 aPosition; // world metres
layout(location = 1) in vec3 aColor;

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels

out vec3 vColor;

void main()
{
    vec2 screen = uOrigin + uZoom * vec2(aPosition.x, -aPosition.y);
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vColor = aColor;
}
