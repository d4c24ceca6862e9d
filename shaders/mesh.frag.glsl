#version 330 core
// The filled cloth's colour: a flat cloth colour, or the strain map (t = strain / scale in
// [-1, 1] across the table) or the speed map (t = speed / scale in [0, 1]), the same tables
// the lines and discs read. Triangles are counter-clockwise with y up as built, so a triangle
// seen from its back is a part of the cloth folded over: drawn darker, so folds show.
// Shaded by stretch: world and rest positions are both linear over a triangle, so the ratio of
// their screen derivatives' determinants is the triangle's area over its rest area; stretched
// cells are drawn darker and compressed ones lighter (by uStretchShade per unit of area
// change, at most 35%), so the cloth's shape shows even in one colour.

in float vValue;
in vec2 vWorld;
in vec2 vRest;

uniform int uMode;          // 0: uColor; 1: strain map; 2: speed map
uniform vec3 uColor;        // the cloth's colour when not coloured by a map
uniform sampler1D uColorMap; // the strain or the speed table
uniform float uScale;       // the value at which the colour saturates, > 0
uniform float uBackShade;   // back faces' brightness, 0 .. 1
uniform float uStretchShade; // brightness change per unit of area change

out vec4 fragColor;

void main()
{
    vec3 color = uColor;
    if (uMode != 0) {
        float n = float(textureSize(uColorMap, 0));
        float u;
        if (uMode == 1)
            u = 0.5 + 0.5 * (clamp(vValue / uScale, -1.0, 1.0) + 1.0) * (n - 1.0);
        else
            u = 0.5 + clamp(vValue / uScale, 0.0, 1.0) * (n - 1.0);
        color = texture(uColorMap, u / n).rgb;
    }
    float world = abs(determinant(mat2(dFdx(vWorld), dFdy(vWorld))));
    float rest = abs(determinant(mat2(dFdx(vRest), dFdy(vRest))));
    float change = rest > 0.0 ? world / rest - 1.0 : 0.0;
    color *= 1.0 - clamp(uStretchShade * change, -0.35, 0.35);
    fragColor = vec4(gl_FrontFacing ? color : color * uBackShade, 1.0);
}
