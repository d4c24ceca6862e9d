#version 330 core
// A filled disc with a one-pixel smooth edge: coverage = radius + 0.5 - distance, in
// framebuffer pixels, so small discs (1.25 px at the page's zoom) stay round and visible.

in vec2 vOffset;
flat in float vRadius;
flat in vec4 vColor; // uColor, or the particle's speed colour

uniform float uPixelScale; // framebuffer pixels per window pixel (HiDPI)

out vec4 fragColor;

void main()
{
    float distance = length(vOffset) * uPixelScale;
    float coverage = clamp(vRadius * uPixelScale + 0.5 - distance, 0.0, 1.0);
    if (coverage <= 0.0)
        discard;
    fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
