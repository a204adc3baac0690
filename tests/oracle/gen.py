#!/usr/bin/env python3
"""gen.py - seeded generator of shell lines over the constructs of DESIGN.md
section 11 for oracle.py: lists, pipelines, subshells, brace groups, loops,
functions, here-documents and here-strings at every position, redirections
before/after/between words, cd and pushd mid-line, wrappers (env, nice,
xargs, command, timeout), assignments, quoting.

Every line runs offline in the scratch tree oracle.py builds: it names
files under the fixture below (a.txt, b.txt, src/, d/) and creates only
new names. generate(n, seed) -> list of cases (line, files, construct).
"""
import random

FILES = ["a.txt", "b.txt", "src/", "src/m.c", "d/", "d/e/", "d/e/x.txt"]

# Simple commands: (text, construct tag). NEW is replaced by a fresh name.
SIMPLE = [
    ("cat a.txt", "read"),
    ("head -n1 b.txt", "read"),
    ("wc -l a.txt b.txt", "read"),
    ("grep -c line a.txt", "read"),
    ("touch NEW", "create"),
    ("mkdir -p NEW/sub", "create"),
    ("cp a.txt NEW", "copy"),
    ("cp -r d NEW", "copy-r"),
    ("mv b.txt NEW", "rename"),
    ("rm -f a.txt", "delete"),
    ("rm -rf d", "delete-r"),
    ("ln -s a.txt NEW", "link"),
    ("chmod 600 a.txt", "chmod"),
    ("sed -i s/one/1/ a.txt", "sed-i"),
    ("truncate -s0 b.txt", "truncate"),
    ("tee NEW < a.txt", "tee"),
    ("echo hi > NEW", "redir-out"),
    ("echo hi >> a.txt", "redir-append"),
    ("sort < a.txt > NEW", "redir-in-out"),
    ("> NEW", "redir-alone"),
    ("printf '%s\\n' x 2>NEW", "redir-fd"),
    ("echo 'quoted > not.txt'", "quoting"),
    ("echo \"$HOME\" > NEW", "quoting"),
    ("ls src", "other"),
    ("find d -name '*.txt'", "find"),
    ("dd if=a.txt of=NEW status=none", "dd"),
    ("true", "builtin"),
]

WRAPPERS = [("env X=1 ", "wrap-env"), ("nice -n 5 ", "wrap-nice"), ("command ", "wrap-command"),
            ("timeout 5 ", "wrap-timeout"), ("nohup ", "wrap-nohup")]

HEREDOC_BODY = "hello\nworld\n"


class G:
    def __init__(self, rnd):
        self.r = rnd
        self.n = 0
        self.tags = set()

    def new(self):
        self.n += 1
        return "n%d.out" % self.n

    def simple(self, allow_redir=True):
        text, tag = self.r.choice(SIMPLE)
        while "NEW" in text:
            text = text.replace("NEW", self.new(), 1)
        self.tags.add(tag)
        x = self.r.random()
        if x < 0.12:
            w, t = self.r.choice(WRAPPERS)
            if not text.startswith((">", "true")):
                text = w + text
                self.tags.add(t)
        elif x < 0.2 and allow_redir and not text.startswith(">"):
            # a redirection before or between the words
            words = text.split(" ")
            pos = self.r.randrange(0, len(words) + 1)
            words.insert(pos, "2>%s" % self.new())
            text = " ".join(words)
            self.tags.add("redir-between")
        elif x < 0.25:
            text = "V=%s %s" % (self.new(), text) if not text.startswith(">") else text
            self.tags.add("assign-prefix")
        return text

    def stmt(self, depth):
        x = self.r.random()
        if depth <= 0 or x < 0.35:
            return self.simple()
        if x < 0.45:
            self.tags.add("pipeline")
            return "%s | %s" % (self.stmt(depth - 1), self.r.choice(
                ["cat", "wc -l", "sort", "tee %s" % self.new(), "xargs echo"]))
        if x < 0.52:
            self.tags.add("subshell")
            return "( %s )" % self.lst(depth - 1)
        if x < 0.59:
            self.tags.add("brace")
            r = "{ %s; }" % self.lst(depth - 1)
            if self.r.random() < 0.5:
                self.tags.add("compound-redir")
                r += " > %s" % self.new()
            return r
        if x < 0.65:
            self.tags.add("for")
            return "for i in 1 2; do %s; done" % self.lst(depth - 1)
        if x < 0.7:
            self.tags.add("while")
            return "while false; do %s; done; %s" % (self.simple(), self.simple())
        if x < 0.75:
            self.tags.add("if")
            return "if true; then %s; else %s; fi" % (self.lst(depth - 1), self.simple())
        if x < 0.8:
            self.tags.add("function")
            return "f() { %s; }; f" % self.lst(depth - 1)
        if x < 0.86:
            self.tags.add("cd")
            return "%s %s && %s" % (self.r.choice(["cd", "pushd"]),
                                    self.r.choice(["d", "src", "d/e"]), self.lst(depth - 1))
        if x < 0.9:
            self.tags.add("herestring")
            return "%s <<< word" % self.r.choice(["cat", "wc -c", "tee %s" % self.new()])
        if x < 0.95:
            self.tags.add("assign")
            return "X=a.txt; cat \"$X\""
        self.tags.add("cmdsubst")
        return "echo $(%s) > %s" % (self.simple(False), self.new())

    def lst(self, depth):
        k = self.r.randint(1, 3)
        parts = [self.stmt(depth) for _ in range(k)]
        out = parts[0]
        for p in parts[1:]:
            op = self.r.choice([" && ", " || ", "; ", " & "])
            self.tags.add("list")
            out += op + p
        return out

    def line(self):
        body = self.lst(2)
        if self.r.random() < 0.2:
            # a here-document at a position of the line: its body follows
            # the line; the rest of the line must still run
            self.tags.add("heredoc")
            where = self.r.choice(["first", "redir", "pipe", "semi"])
            new = self.new()
            if where == "first":
                head = "cat <<EOF && %s" % body
            elif where == "redir":
                head = "cat > %s <<'EOF' && %s" % (new, body)
            elif where == "semi":
                head = "cat > %s <<EOF; %s" % (new, body)
            else:
                head = "cat <<EOF | tee %s && %s" % (new, body)
            return head + "\n" + HEREDOC_BODY + "EOF"
        return body


def generate(n, seed):
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        g = G(rnd)
        ln = g.line()
        out.append({"line": ln, "files": list(FILES),
                    "construct": "gen:%d/%d " % (seed, i) + ",".join(sorted(g.tags))})
    return out


if __name__ == "__main__":
    import json
    import sys
    for c in generate(int(sys.argv[1]) if len(sys.argv) > 1 else 10,
                      int(sys.argv[2]) if len(sys.argv) > 2 else 1):
        print(json.dumps(c))
