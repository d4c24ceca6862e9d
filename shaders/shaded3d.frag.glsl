#version 330 core
// A lit surface of the 3D view: a directional light with ambient and a soft specular, in
// the shadow of what lies between it and the light (a filtered shadow-map lookup). A
// surface seen from its back is lit on that side, in the back colour (the cloth's two sides
// differ); a colour map (strain or speed, the tables of the 2D view) replaces the colours.
// The ground draws a faint metre grid.

in vec3 vWorld;
in vec3 vNormal;
in float vValue;
in vec4 vLight;

uniform vec3 uFrontColor;
uniform vec3 uBackColor;
uniform vec3 uToLight;     // unit, towards the light
uniform vec3 uEye;         // world metres
uniform float uAmbient;    // 0 .. 1
uniform float uSpecular;   // the highlight's strength
uniform sampler2DShadow uShadowMap;
uniform int uMode;         // 0: the colours; 1: strain map; 2: speed map
uniform sampler1D uColorMap;
uniform float uScale;      // the value at which the map saturates, > 0
uniform int uGrid;         // 1: a metre grid on the x-z plane

out vec4 fragColor;

float lightReaching()
{
    vec3 p = vLight.xyz / vLight.w * 0.5 + 0.5;
    if (p.z >= 1.0 || any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0))))
        return 1.0;
    float bias = 0.0015;
    vec2 texel = 1.0 / vec2(textureSize(uShadowMap, 0));
    // Four lookups half a texel apart, each filtered over 2 x 2 texels (GL_LINEAR on a depth
    // comparison): a 3 x 3 texel footprint for less than half the lookups of a 3 x 3 loop,
    // which a software renderer pays per fragment.
    float sum = 0.0;
    for (int i = 0; i < 4; ++i) {
        vec2 offset = vec2(float(i & 1), float(i >> 1)) - 0.5;
        sum += texture(uShadowMap, vec3(p.xy + offset * texel, p.z - bias));
    }
    return sum / 4.0;
}

void main()
{
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing)
        n = -n;
    vec3 base = gl_FrontFacing ? uFrontColor : uBackColor;
    if (uMode != 0) {
        float size = float(textureSize(uColorMap, 0));
        float u;
        if (uMode == 1)
            u = 0.5 + 0.5 * (clamp(vValue / uScale, -1.0, 1.0) + 1.0) * (size - 1.0);
        else
            u = 0.5 + clamp(vValue / uScale, 0.0, 1.0) * (size - 1.0);
        base = texture(uColorMap, u / size).rgb * (gl_FrontFacing ? 1.0 : 0.75);
    }
    float lit = lightReaching();
    float diffuse = max(dot(n, uToLight), 0.0);
    vec3 toEye = normalize(uEye - vWorld);
    float highlight = pow(max(dot(n, normalize(toEye + uToLight)), 0.0), 32.0) * uSpecular;
    vec3 color = base * (uAmbient + (1.0 - uAmbient) * diffuse * lit) + vec3(highlight * lit);
    if (uGrid == 1) {
        vec2 cell = abs(fract(vWorld.xz - 0.5) - 0.5) / max(fwidth(vWorld.xz), vec2(1e-6));
        float line = 1.0 - min(min(cell.x, cell.y), 1.0);
        color *= 1.0 - 0.18 * line;
    }
    fragColor = vec4(color, 1.0);
}
