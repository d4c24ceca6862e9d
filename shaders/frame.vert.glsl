#version 330 core
// The canvas frame: one quad over the canvas rectangle; the fragment shader draws the page's
// rounded 2 px border and covers what lies outside it.

layout(location = 0) in vec2 aCorner; // quad corner in [-1, 1]^2

uniform vec2 uRectMin;    // canvas top-left, window pixels
uniform vec2 uRectMax;    // canvas bottom-right, window pixels
uniform vec2 uWindowSize; // window pixels

out vec2 vScreen; // window pixels

void main()
{
    vec2 screen = mix(uRectMin, uRectMax, 0.5 * (aCorner + 1.0));
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vScreen = screen;
}
