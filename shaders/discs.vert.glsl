#version 330 core
// Particles as instanced discs: one quad per instance, centred on the particle, one pixel
// larger than the disc so that the fragment shader can smooth the edge.
// Pass 1 draws every particle except the grabbed one; pass 2 draws the grabbed one alone
// (its instance attribute pointed at that particle), red and three times larger, on top;
// the particle under the pointer is drawn the same way, orange.
// Coloured by speed, pass 1 reads each particle's speed (m/s) from its own per-instance
// attribute buffer, beside the positions, and maps speed / scale through uSpeedMap, a table of
// the map made on the CPU (speed_colors.cpp), so the map is defined once.

layout(location = 0) in vec2 aCorner; // quad corner in [-1, 1]^2
layout(location = 1) in vec2 aCentre; // per instance: particle position, world metres
layout(location = 2) in float aSpeed; // per instance: particle speed, m/s (colour by speed)

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels
uniform float uRadius;    // disc radius, world metres
uniform float uMinRadius; // smallest disc radius, window pixels (markers stay visible)
uniform int uSkipInstance; // instance not drawn in this pass (the grabbed one), -1 for none
uniform vec4 uColor;        // the discs' colour when not by speed
uniform int uColorBySpeed;  // 0: uColor; 1: by aSpeed
uniform sampler1D uSpeedMap; // t = 0 .. 1 across the table
uniform float uSpeedScale;  // speed at which the colour saturates, m/s, > 0

out vec2 vOffset;      // from the disc centre, window pixels
flat out float vRadius; // window pixels
flat out vec4 vColor;

void main()
{
    if (gl_InstanceID == uSkipInstance) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0); // outside the clip volume: nothing drawn
        vOffset = vec2(0.0);
        vRadius = 0.0;
        vColor = vec4(0.0);
        return;
    }
    float radius = max(uRadius * uZoom, uMinRadius);
    vec2 offset = aCorner * (radius + 1.0);
    vec2 screen = uOrigin + uZoom * vec2(aCentre.x, -aCentre.y) + offset;
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vOffset = offset;
    vRadius = radius;
    vColor = uColor;
    if (uColorBySpeed != 0) {
        float t = clamp(aSpeed / uSpeedScale, 0.0, 1.0);
        float n = float(textureSize(uSpeedMap, 0));
        vColor = vec4(texture(uSpeedMap, (0.5 + t * (n - 1.0)) / n).rgb, uColor.a);
    }
}
