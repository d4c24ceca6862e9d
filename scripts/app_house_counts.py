#!/usr/bin/env python3
"""The app's house in numbers: a class's data members and member functions (by
universal-ctags; static k-constants left out) and the reach-throughs into the Controller.
Usage: scripts/app_house_counts.py REPO_ROOT [CLASS...] (default: App Renderer)"""
import re, subprocess, sys, pathlib, collections
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
app = root / 'src/app'
def tags(cls):
    files = [str(p) for p in app.rglob('*.h')] + [str(p) for p in app.rglob('*.cpp')]
    out = subprocess.run(['ctags', '--fields=+Kse', '--c++-kinds=+p', '--extras=-q', '-o', '-'] + files,
                         capture_output=True, text=True).stdout
    data, funcs, fileset = set(), set(), set()
    for line in out.splitlines():
        f = line.split('\t')
        if len(f) < 5: continue
        name, path, kind = f[0], f[1], f[3]
        scope = [x for x in f[4:] if x.startswith('class:') or x.startswith('struct:')]
        if not scope or scope[0].split(':')[-1].split('::')[-1] != cls: continue
        if kind == 'member':
            if re.fullmatch(r'k[A-Z]\w*', name): continue  # static constants
            data.add(name)
        elif kind in ('prototype', 'function'):
            if name in (cls, '~' + cls, 'operator ='): continue
            funcs.add(name); fileset.add(path)
    return data, funcs, fileset
for cls in sys.argv[2:] or ['App', 'Renderer']:
    d, f, files = tags(cls)
    print(f'{cls}: {len(d)} data members, {len(f)} member functions, defined over {len(files)} files')
# reach-throughs: controller.X().Y outside logic/controller.*
n = collections.Counter()
for p in app.rglob('*.[ch]*'):
    if p.name.startswith('controller.'): continue
    for m in re.finditer(r'controller_?\s*\.\s*\w+\(\)\s*\.', p.read_text()):
        n[str(p.relative_to(root))] += 1
print('controller chained calls (x.part().y) outside the controller:', sum(n.values()), dict(n))
# io/ or render/ taking the whole Controller/App, or including gui/
bad = []
for p in list((app / 'io').glob('*')) + list((app / 'render').glob('*')):
    t = p.read_text()
    for m in re.finditer(r'#include "gui/[^"]+"|#include "logic/controller\.h"|\bController\s*&|\bApp\s*&', t):
        bad.append(f'{p.relative_to(root)}: {m.group(0)}')
print('io/ and render/ reaching into Controller, App or gui/:', len(bad))
for b in bad: print('  ', b)
