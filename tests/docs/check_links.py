#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md resolves: the file exists, and a #fragment
names a heading of that file (GitHub's anchor rule: lower case, punctuation dropped, spaces to
hyphens). Also says how long the README is, which should stay a five-minute read.
    check_links.py REPOSITORY_ROOT [MAX_README_LINES]"""
import os
import re
import sys

root = sys.argv[1]
max_readme = int(sys.argv[2]) if len(sys.argv) > 2 else 0
link = re.compile(r'(?<!\!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)')


def anchors(path):
    found, in_code = set(), False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            in_code = not in_code
        if in_code or not line.startswith('#'):
            continue
        text = line.lstrip('#').strip().lower()
        text = re.sub(r'[^\w\- ]', '', text)
        found.add(text.replace(' ', '-'))
    return found


files = [os.path.join(root, 'README.md')]
docs = os.path.join(root, 'docs')
if os.path.isdir(docs):
    files += [os.path.join(docs, f) for f in sorted(os.listdir(docs)) if f.endswith('.md')]
problems, count = [], 0
for path in files:
    in_code = False
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        if line.startswith('```'):
            in_code = not in_code
        if in_code:
            continue
        for match in link.finditer(line):
            target = match.group(1) or match.group(2)
            if re.match(r'^[a-z]+:', target):
                continue  # a URL or mailto: not ours to check offline
            count += 1
            name, _, fragment = target.partition('#')
            where = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
            label = '%s:%d: %s' % (os.path.relpath(path, root), number, target)
            if not os.path.exists(where):
                problems.append(label + ' (no such file)')
            elif fragment and where.endswith('.md') and fragment not in anchors(where):
                problems.append(label + ' (no such heading)')
readme_lines = sum(1 for _ in open(files[0], encoding='utf-8'))
print('checked %d links in %d files; README.md has %d lines' % (count, len(files), readme_lines))
if max_readme and readme_lines > max_readme:
    problems.append('README.md has %d lines, more than %d: move detail into docs/' %
                    (readme_lines, max_readme))
for p in problems:
    print('broken: ' + p)
sys.exit(1 if problems else 0)
