#version 330 core
// The 3D view's lit surfaces (the cloth, the obstacles and balls, the ground): world metres
// -> the orbit camera's perspective, and the light's orthographic view for the shadow map.

layout(location = 0) in vec3 aPosition; // world metres
layout(location = 1) in vec3 aNormal;   // unit, outward (the cloth's: its front side)
layout(location = 2) in float aValue;   // strain (signed) or speed (m/s); 0 when not coloured

uniform mat4 uViewProjection;      // the camera's projection * view
uniform mat4 uLightViewProjection; // the light's, into the shadow map's clip space

out vec3 vWorld;
out vec3 vNormal;
out float vValue;
out vec4 vLight;

void main()
{
    vWorld = aPosition;
    vNormal = aNormal;
    vValue = aValue;
    vLight = uLightViewProjection * vec4(aPosition, 1.0);
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
