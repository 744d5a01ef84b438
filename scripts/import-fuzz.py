#!/usr/bin/env python3
"""import-fuzz: mangle Swift and Objective-C files at random and import each into Burst.

Usage: scripts/import-fuzz.py BURST [MUTANTS_PER_FILE] [SEED] [EXTRA_FOLDER ...]

Takes every file of Tests/ShellTests/ImportCorpus (and of any extra folders given, such as a
local copy of public files, which never enters the repository), makes MUTANTS_PER_FILE
(default 20) copies with one to eight random edits each (a run of characters deleted or
duplicated, a bracket, quote, operator or keyword inserted, a character replaced), and runs
`burst -e 'import FILE' -e 'step 0.5' -e actions` on each in a scratch folder. An exit status
other than 0, 65 or 66, or a run over 20 s, is a finding: the mutant is kept as
/tmp/burst-import-fuzz/bad-N-NAME for minimising, and becomes a case in
Tests/ShellTests/EndToEnd/FuzzRegressionTests.swift once fixed. Same seed, same mutants.
"""
import glob, os, random, shutil, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
burst = os.path.abspath(sys.argv[1])
per_file = int(sys.argv[2]) if len(sys.argv) > 2 else 20
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
folders = [os.path.join(root, 'Tests/ShellTests/ImportCorpus')] + sys.argv[4:]
files = sorted(f for d in folders for f in glob.glob(d + '/**/*', recursive=True)
               if f.endswith('.swift') or f.endswith('.m'))
out = '/tmp/burst-import-fuzz'
os.makedirs(out, exist_ok=True)
inserts = ['(', ')', '{', '}', '[', ']', '"', '\\(', '#define X ', '$0', '%', '!', 'if ', ' else ',
           '...', ',', 'arc4random()', '\n', '@', '^', '=', 'self.', '->']
findings = 0
runs = 0
for f in files:
    text = open(f, encoding='utf-8').read()
    ext = os.path.splitext(f)[1]
    for k in range(per_file):
        s = list(text)
        for _ in range(rng.randint(1, 8)):
            if not s:
                break
            i = rng.randrange(len(s))
            op = rng.random()
            if op < 0.3:
                del s[i:i + rng.randint(1, 40)]
            elif op < 0.6:
                j = rng.randrange(len(s))
                s[i:i] = s[j:j + rng.randint(1, 60)]
            elif op < 0.8:
                s.insert(i, rng.choice(inserts))
            else:
                s[i] = rng.choice('(){}[]"\'\\;:,.@#$%!?<>=+-*/ \n')
        mutant = os.path.join(out, 'm' + ext)
        with open(mutant, 'w', encoding='utf-8') as m:
            m.write(''.join(s))
        runs += 1
        try:
            r = subprocess.run([burst, '-e', 'import m' + ext, '-e', 'step 0.5', '-e', 'actions'],
                               cwd=out, capture_output=True, timeout=20)
            failed = r.returncode not in (0, 65, 66)
            what = r.returncode
        except subprocess.TimeoutExpired:
            failed, what = True, 'timeout'
        if failed:
            findings += 1
            kept = os.path.join(out, 'bad-%d-%s' % (findings, os.path.basename(f)))
            shutil.copy(mutant, kept)
            print('finding: %s (mutant %d of %s): %s' % (kept, k, f, what))
print('%d runs over %d files, %d findings' % (runs, len(files), findings))
sys.exit(1 if findings else 0)
