#version 330 core
// One flat colour for every constraint line (#666666 on the page).

uniform vec4 uColor;

out vec4 fragColor;

void main()
{
    fragColor = uColor;
}
