#version 330 core
// Particles as instanced discs: one quad per instance, centred on the particle, one pixel
// larger than the disc so that the fragment shader can smooth the edge.
// Pass 1 draws every particle except the grabbed one; pass 2 draws the grabbed one alone
// (its instance attribute pointed at that particle), red and three times larger, on top;
// the particle under the pointer is drawn the same way, orange.

layout(location = 0) in vec2 aCorner; // quad corner in [-1, 1]^2
layout(location = 1) in vec2 aCentre; // per instance: particle position, world metres

uniform vec2 uOrigin;     // window pixels
uniform float uZoom;      // window pixels per metre
uniform vec2 uWindowSize; // window pixels
uniform float uRadius;    // disc radius, world metres
uniform float uMinRadius; // smallest disc radius, window pixels (markers stay visible)
uniform int uSkipInstance; // instance not drawn in this pass (the grabbed one), -1 for none

out vec2 vOffset;      // from the disc centre, window pixels
flat out float vRadius; // window pixels

void main()
{
    if (gl_InstanceID == uSkipInstance) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0); // outside the clip volume: nothing drawn
        vOffset = vec2(0.0);
        vRadius = 0.0;
        return;
    }
    float radius = max(uRadius * uZoom, uMinRadius);
    vec2 offset = aCorner * (radius + 1.0);
    vec2 screen = uOrigin + uZoom * vec2(aCentre.x, -aCentre.y) + offset;
    gl_Position = vec4(2.0 * screen.x / uWindowSize.x - 1.0, 1.0 - 2.0 * screen.y / uWindowSize.y,
                       0.0, 1.0);
    vOffset = offset;
    vRadius = radius;
}
