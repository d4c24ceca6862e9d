#version 330 core
// The page's canvas border (2 px solid black, 20 px radius): the signed distance d to a
// rounded rectangle inset into the canvas gives the border band -border < d < 0 and the
// outside d > 0 (the page's white), each with a one-pixel smooth edge; inside stays
// transparent so the drawing shows.

in vec2 vScreen;

uniform vec2 uRectMin;      // canvas top-left, window pixels
uniform vec2 uRectMax;      // canvas bottom-right, window pixels
uniform float uInset;       // window pixels from the canvas edge to the border's outer edge
uniform float uRadius;      // corner radius of the border's outer edge, window pixels
uniform float uBorder;      // border width, window pixels
uniform float uPixelScale;  // framebuffer pixels per window pixel
uniform vec4 uBorderColor;
uniform vec4 uOutsideColor;

out vec4 fragColor;

void main()
{
    vec2 centre = 0.5 * (uRectMin + uRectMax);
    vec2 halfSize = 0.5 * (uRectMax - uRectMin) - vec2(uInset);
    float radius = min(uRadius, min(halfSize.x, halfSize.y));
    vec2 q = abs(vScreen - centre) - (halfSize - vec2(radius));
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
    float pixel = 1.0 / uPixelScale;
    float outside = clamp(d / pixel + 0.5, 0.0, 1.0);
    float covered = clamp((d + uBorder) / pixel + 0.5, 0.0, 1.0);
    if (covered <= 0.0)
        discard;
    vec3 color = mix(uBorderColor.rgb, uOutsideColor.rgb, outside);
    fragColor = vec4(color, covered);
}
