#version 330 core
// The canvas frame: a few quads along the canvas's edges and corners (not the whole canvas:
// a software rasteriser pays per fragment); the fragment shader draws the page's rounded
// 2 px border and covers what lies outside it.

layout(location = 0) in vec2 aPosition; // window pixels

uniform vec2 uWindowSize; // window pixels

out vec2 vScreen; // window pixels

void main()
{
    gl_Position = vec4(2.0 * aPosition.x / uWindowSize.x - 1.0,
                       1.0 - 2.0 * aPosition.y / uWindowSize.y, 0.0, 1.0);
    vScreen = aPosition;
}
