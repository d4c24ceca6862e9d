#version 330 core
// Constraints as lines: world metres -> the page's canvas transform -> clip space.
// screen = origin + zoom * (x, -y) in window pixels (y down), as Camera::worldToScreen.

layout(location = 0) in vec2 aPosition; // world metres

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels

void main()
{
    vec2 screen = uOrigin + uZoom * vec2(aPosition.x, -aPosition.y);
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
}
