#version 330 core
// The shadow map: depth from the light of everything that casts a shadow.

layout(location = 0) in vec3 aPosition; // world metres

uniform mat4 uLightViewProjection;

void main()
{
    gl_Position = uLightViewProjection * vec4(aPosition, 1.0);
}
