#version 330 core
// Constraint lines: the page's flat grey, or coloured by strain. Line i of the draw call
// (gl_PrimitiveID) reads its signed strain from uStrains[i]; t = strain / scale, clamped to
// [-1, 1], picks the colour from uColorMap, a table of the map made on the CPU
// (strain_colors.cpp), so the map is defined once.

uniform vec4 uColor;
uniform int uColorByStrain;       // 0: uColor; 1: by strain
uniform samplerBuffer uStrains;   // one float per line of the draw call
uniform sampler1D uColorMap;      // t = -1 .. 1 across the table
uniform float uStrainScale;       // strain at which the colour saturates, > 0

out vec4 fragColor;

void main()
{
    if (uColorByStrain == 0) {
        fragColor = uColor;
        return;
    }
    float t = clamp(texelFetch(uStrains, gl_PrimitiveID).r / uStrainScale, -1.0, 1.0);
    float n = float(textureSize(uColorMap, 0));
    float u = (0.5 + 0.5 * (t + 1.0) * (n - 1.0)) / n; // texel centres at the ends
    fragColor = vec4(texture(uColorMap, u).rgb, 1.0);
}
