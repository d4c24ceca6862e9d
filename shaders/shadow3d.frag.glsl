#version 330 core
// The shadow map keeps depth only.

void main()
{
}
