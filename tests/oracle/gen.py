#!/usr/bin/env python3
"""gen.py - seeded generator of shell lines over the constructs of DESIGN.md
section 11 for oracle.py: lists, pipelines, subshells, brace groups, loops
(for, C-style for, while read, until), if and case, functions (with cd and
local in them), negation, here-documents (every delimiter quoting, <<-,
substitutions in the body) and here-strings at every position: first,
inside a pipeline, before ;, &&, ||, &, inside subshells, groups, loops,
functions and substitutions, on a compound statement, as the input of a
loop; redirections before, after and between the words, on compound
statements, exec redirections; cd, pushd and popd mid-line, in subshells,
in pipelines and in functions; wrappers (env, nice, nohup, command,
timeout, stdbuf, time, xargs, exec); assignments (prefix, statement,
export, local, from a substitution); quoting (single, double, backslash,
$'...') and expansions ($VAR, ${VAR:-x}, $HOME, ~, $PWD, braces, globs,
command and process substitution, arithmetic).

Every line runs offline in the scratch tree oracle.py builds: it names
files under the fixture FILES and creates only new names.
generate(n, seed) -> list of cases (line, files, construct); the construct
names the seed and index ("gen:SEED/I") and the constructs used. Each line
draws from its own Random(seed, index), so line I of seed S is the same
whatever N is.

  gen.py [N [SEED]]        print N cases as JSON lines
  gen.py --coverage N SEED print the constructs a sample of N lacks
"""
import random
import sys

FILES = ["a.txt", "b.txt", "src/", "src/m.c", "d/", "d/e/", "d/e/x.txt"]

# Simple commands: (text, construct). NEW is replaced by a fresh name; A
# and B by a spelling of a.txt and b.txt (quoting, expansions).
SIMPLE = [
    ("cat A", "read"),
    ("head -n1 B", "read"),
    ("wc -l A B", "read"),
    ("grep -c line A", "read"),
    ("touch NEW", "create"),
    ("mkdir -p NEW/sub", "create"),
    ("cp A NEW", "copy"),
    ("cp -r d NEW", "copy-r"),
    ("mv B NEW", "rename"),
    ("rm -f A", "delete"),
    ("rm -rf d", "delete-r"),
    ("rmdir d/e", "rmdir"),
    ("ln -s A NEW", "link"),
    ("chmod 600 A", "chmod"),
    ("sed -i s/one/1/ A", "sed-i"),
    ("truncate -s0 B", "truncate"),
    ("tee NEW < A", "tee"),
    ("tee -a A < B", "tee"),
    ("echo hi > NEW", "redir-out"),
    ("echo hi >> A", "redir-append"),
    ("sort < A > NEW", "redir-in-out"),
    ("> NEW", "redir-alone"),
    ("printf '%s\\n' x 2>NEW", "redir-fd"),
    ("echo hi &> NEW", "redir-both"),
    ("echo hi >| NEW", "redir-clobber"),
    ("echo hi 2>&1 > NEW", "redir-dup"),
    ("cat < A 3> NEW", "redir-fd"),
    ("echo 'quoted > not.txt'", "quoting"),
    ("echo \"$HOME\" > NEW", "quoting"),
    ("ls src", "other"),
    ("find d -name '*.txt'", "find"),
    ("find d -name '*.txt' -delete", "find-delete"),
    ("dd if=A of=NEW status=none", "dd"),
    ("install -m 644 A NEW", "install"),
    ("tar -cf NEW src", "tar"),
    ("true", "builtin"),
    ("test -f A", "builtin"),
    ("[[ -e A ]]", "builtin"),
]

# How a.txt / b.txt are spelled: (format, construct); {} is the name.
SPELL = [
    ("{}", None), ("{}", None), ("{}", None), ("{}", None),
    ("'{}'", "quote-single"), ('"{}"', "quote-double"), ("./{}", "dot-slash"),
    ('"$PWD"/{}', "expand-pwd"), ("$'{}'", "quote-ansi"), ("{}\\ ", None),
]

WRAPPERS = [("env X=1 ", "wrap-env"), ("nice -n 5 ", "wrap-nice"), ("command ", "wrap-command"),
            ("timeout 5 ", "wrap-timeout"), ("nohup ", "wrap-nohup"),
            ("stdbuf -o0 ", "wrap-stdbuf"), ("time ", "wrap-time"), ("env -- ", "wrap-env")]

DIRS = ["d", "src", "d/e"]


class G:
    def __init__(self, rnd, tag_new):
        self.r = rnd
        self.tag_new = tag_new
        self.n = 0
        self.tags = set()
        self.bodies = []  # here-document bodies, in the order of their starts

    def new(self):
        self.n += 1
        return "%s%d.out" % (self.tag_new, self.n)

    def tag(self, t):
        if t:
            self.tags.add(t)

    def spell(self, name):
        fmt, t = self.r.choice(SPELL)
        if fmt == "{}\\ ":  # a backslash before the dot: still a.txt
            return name.replace(".", "\\.")
        self.tag(t)
        return fmt.format(name)

    def redir(self):
        """A redirection word to put before, between or after words."""
        x = self.r.random()
        if x < 0.4:
            return "2>%s" % self.new()
        if x < 0.6:
            return ">%s" % self.new()
        if x < 0.75:
            return "<a.txt"
        if x < 0.85:
            return ">>%s" % self.new()
        return "&>%s" % self.new()

    def simple(self, allow_redir=True):
        text, tag = self.r.choice(SIMPLE)
        while "NEW" in text:
            text = text.replace("NEW", self.new(), 1)
        text = text.replace("A", self.spell("a.txt")).replace("B", self.spell("b.txt"))
        self.tag(tag)
        x = self.r.random()
        alone = text.startswith((">", "true", "test", "[["))
        if x < 0.14 and not alone:
            w, t = self.r.choice(WRAPPERS)
            text = w + text
            self.tag(t)
        elif x < 0.26 and allow_redir and not text.startswith(">") and \
                not text.startswith("[["):
            # a redirection before, between or after the words
            words = text.split(" ")
            ops = ("<", ">", ">>", "&>", ">|", "2>", "3>", "2>&1")
            pos = self.r.choice([i for i in range(len(words) + 1)
                                 if i == 0 or words[i - 1] not in ops])
            words.insert(pos, self.redir())
            text = " ".join(words)
            self.tag("redir-before" if pos == 0 else "redir-after" if pos == len(words) - 1
                     else "redir-between")
        elif x < 0.32 and not text.startswith(">"):
            text = "V=%s %s" % (self.new(), text)
            self.tag("assign-prefix")
        return text

    def heredoc(self, cmd="cat"):
        """A command reading a here-document; its body is queued."""
        delim = self.r.choice(["EOF", "END", "X1"])
        q = self.r.choice(["", "", "'", '"', "\\"])
        dash = self.r.random() < 0.2
        body = self.r.choice(["hello\nworld\n", "$HOME\n", "line $(echo sub)\n",
                              "a > not-a-file.txt\n", "$(touch %s)\n" % self.new()])
        self.tag("heredoc" + ("-quoted" if q else "") + ("-dash" if dash else ""))
        if "$(" in body and not q:
            self.tag("heredoc-subst")
        if dash:
            body = "".join("\t" + ln + "\n" for ln in body.splitlines())
        self.bodies.append(body + ("\t" if dash else "") + delim + "\n")
        op = "<<-" if dash else "<<"
        if q == "\\":
            start = "%s\\%s" % (op, delim)
        else:
            start = "%s%s%s%s" % (op, q, delim, q)
        x = self.r.random()
        if x < 0.3:
            return "%s %s" % (cmd, start)
        if x < 0.6:
            self.tag("heredoc-redir-after")
            return "%s %s > %s" % (cmd, start, self.new())
        if x < 0.8:
            self.tag("heredoc-redir-before")
            return "%s > %s %s" % (cmd, self.new(), start)
        self.tag("heredoc-before-cmd")
        return "%s %s" % (start, cmd)

    def herestring(self):
        w = self.r.choice(["word", "'two words'", '"$HOME"', "$(cat a.txt)"])
        self.tag("herestring")
        c = self.r.choice(["cat", "wc -c", "tee %s" % self.new(), "cat > %s" % self.new()])
        if self.r.random() < 0.3:
            self.tag("herestring-before-cmd")
            return "<<< %s %s" % (w, c)
        return "%s <<< %s" % (c, w)

    def cd(self, depth):
        x = self.r.random()
        d = self.r.choice(DIRS)
        if x < 0.3:
            self.tag("cd")
            return "cd %s && %s" % (d, self.lst(depth - 1))
        if x < 0.45:
            self.tag("cd-mid")
            return "%s; cd %s; %s" % (self.simple(), d, self.simple())
        if x < 0.6:
            self.tag("pushd")
            return "pushd %s >/dev/null; %s; popd >/dev/null; %s" % (
                d, self.simple(), self.simple())
        if x < 0.7:
            self.tag("cd-subshell")
            return "(cd %s && %s); %s" % (d, self.simple(), self.simple())
        if x < 0.78:
            self.tag("cd-pipeline")
            return "cd %s | cat; %s" % (d, self.simple())
        if x < 0.86:
            self.tag("cd-back")
            return "cd %s && %s && cd - >/dev/null && %s" % (d, self.simple(), self.simple())
        if x < 0.93:
            self.tag("cd-var")
            return "D=%s; cd \"$D\" && %s" % (d, self.simple())
        self.tag("cd-or")
        return "cd %s || exit 1; %s" % (d, self.simple())

    def compound_redir(self, body):
        x = self.r.random()
        if x < 0.5:
            self.tag("compound-redir")
            return "%s > %s" % (body, self.new())
        if x < 0.7:
            self.tag("compound-redir")
            return "%s 2>>%s" % (body, self.new())
        if x < 0.85:
            self.tag("compound-heredoc")
            return body + " " + self.heredoc("").strip()
        self.tag("compound-herestring")
        return "%s <<< word" % body

    def stmt(self, depth):
        x = self.r.random()
        if depth <= 0 or x < 0.3:
            return self.simple()
        if x < 0.38:
            self.tag("pipeline")
            right = self.r.choice(["cat", "wc -l", "sort", "tee %s" % self.new(),
                                   "xargs echo", "cat > %s" % self.new()])
            return "%s | %s" % (self.stmt(depth - 1), right)
        if x < 0.43:
            self.tag("subshell")
            body = "( %s )" % self.lst(depth - 1)
            return self.compound_redir(body) if self.r.random() < 0.4 else body
        if x < 0.48:
            self.tag("brace")
            body = "{ %s; }" % self.lst(depth - 1)
            return self.compound_redir(body) if self.r.random() < 0.5 else body
        if x < 0.52:
            self.tag("for")
            body = "for i in 1 2; do %s; done" % self.lst(depth - 1)
            return self.compound_redir(body) if self.r.random() < 0.3 else body
        if x < 0.54:
            self.tag("c-for")
            return "for ((i = 0; i < 2; i++)); do %s; done" % self.lst(depth - 1)
        if x < 0.57:
            self.tag("while-read")
            src = self.r.choice(["< a.txt", "< <(cat b.txt)", "<<< 'x y'"])
            if "<(" in src:
                self.tag("procsubst")
            return "while read -r l; do %s; done %s" % (self.simple(), src)
        if x < 0.59:
            self.tag("while")
            return "while false; do %s; done; %s" % (self.simple(), self.simple())
        if x < 0.61:
            self.tag("until")
            return "until true; do %s; done; %s" % (self.simple(), self.simple())
        if x < 0.65:
            self.tag("if")
            return "if %s; then %s; else %s; fi" % (
                self.r.choice(["true", "false", "[ -f a.txt ]", "test -d d"]),
                self.lst(depth - 1), self.simple())
        if x < 0.67:
            self.tag("case")
            return "case x in x) %s;; *) %s;; esac" % (self.simple(), self.simple())
        if x < 0.72:
            self.tag("function")
            y = self.r.random()
            if y < 0.3:
                self.tag("function-cd")
                return "f() { cd %s; }; f; %s" % (self.r.choice(DIRS), self.simple())
            if y < 0.45:
                self.tag("function-local")
                return "f() { local o=%s; echo x > \"$o\"; }; f" % self.new()
            if y < 0.6:
                self.tag("function-keyword")
                return "function f { %s; }; f; f" % self.lst(depth - 1)
            return "f() { %s; }; f" % self.lst(depth - 1)
        if x < 0.8:
            return self.cd(depth)
        if x < 0.84:
            return self.herestring()
        if x < 0.87:
            return self.heredoc(self.r.choice(["cat", "tee %s" % self.new(), "sort"]))
        if x < 0.9:
            y = self.r.random()
            if y < 0.4:
                self.tag("assign")
                return "X=a.txt; cat \"$X\" > %s" % self.new()
            if y < 0.6:
                self.tag("assign-export")
                return "export O=%s; touch \"$O\"" % self.new()
            if y < 0.8:
                self.tag("assign-default")
                return "touch \"${O:-%s}\"" % self.new()
            self.tag("assign-subst")
            return "X=$(%s); echo \"$X\" > %s" % (self.simple(False), self.new())
        if x < 0.92:
            self.tag("cmdsubst")
            return "echo $(%s) > %s" % (self.simple(False), self.new())
        if x < 0.93:
            self.tag("cmdsubst-heredoc")
            hd = self.heredoc("cat")
            inner = self.bodies.pop()  # its body is inside the substitution
            return "echo \"$(%s\n%s)\" > %s" % (hd, inner, self.new())
        if x < 0.945:
            self.tag("procsubst")
            return "diff <(%s) b.txt > %s" % (self.simple(False), self.new())
        if x < 0.96:
            self.tag("xargs")
            return self.r.choice([
                "echo a.txt | xargs rm -f",
                "printf '%%s\\n' a.txt b.txt | xargs -I{} cp {} {}.%s" % self.new(),
                "find d -name '*.txt' | xargs cat > %s" % self.new(),
                "echo %s | xargs touch" % self.new()])
        if x < 0.97:
            self.tag("exec")
            return "( exec > %s; %s )" % (self.new(), self.simple())
        if x < 0.98:
            self.tag("negation")
            return "! %s" % self.simple()
        if x < 0.99:
            self.tag("expand-brace")
            n = self.new()
            return "touch %s.{1,2}; cat {a,b}.txt > %s" % (n, self.new())
        self.tag("expand-tilde")
        return "echo hi > ~/%s; cat ~/%s" % ((self.new(),) * 2)

    def lst(self, depth):
        k = self.r.randint(1, 3)
        out = self.stmt(depth)
        for _ in range(k - 1):
            op = self.r.choice([" && ", " || ", "; ", " & "])
            self.tag("list" + ("-bg" if op == " & " else "-or" if op == " || " else ""))
            out += op + self.stmt(depth)
        return out

    def line(self):
        body = self.lst(2)
        if self.r.random() < 0.2:
            # a here-document at a position of the line: its body follows
            # the line; the rest of the line must still run
            where = self.r.choice(["first", "redir", "pipe", "semi", "or", "bg", "last",
                                   "subshell", "brace", "loop", "function"])
            self.tag("heredoc-" + where)
            nb = len(self.bodies)
            hd = self.heredoc("cat")
            if where == "first":
                head = "%s && %s" % (hd, body)
            elif where == "redir":
                head = "cat > %s <<'EOF' && %s" % (self.new(), body)
                self.bodies.append("x\nEOF\n")
            elif where == "semi":
                head = "%s; %s" % (hd, body)
            elif where == "or":
                head = "%s || %s; %s" % (hd, self.simple(), body)
            elif where == "bg":
                head = "%s & %s; wait" % (hd, body)
            elif where == "last":
                head = "%s; %s" % (body, hd)
            elif where == "subshell":
                head = "( %s; %s ) && %s" % (self.simple(), hd, body)
            elif where == "brace":
                head = "{ %s; %s; } > %s; %s" % (hd, self.simple(), self.new(), body)
            elif where == "loop":
                head = "for i in 1; do %s; done; %s" % (hd, body)
            elif where == "function":
                head = "g() { %s; }; g; %s" % (hd, body)
            else:
                head = "%s | tee %s && %s" % (hd, self.new(), body)
            body = head
            if where != "last":  # its body comes before those of the rest
                self.bodies = self.bodies[nb:] + self.bodies[:nb]
        if self.bodies:
            return body + "\n" + "".join(self.bodies).rstrip("\n")
        return body


def generate(n, seed):
    out = []
    for i in range(n):
        g = G(random.Random("%d/%d" % (seed, i)), "n")
        ln = g.line()
        out.append({"line": ln, "files": list(FILES),
                    "construct": "gen:%d/%d " % (seed, i) + ",".join(sorted(g.tags))})
    return out


# Every construct of DESIGN.md section 11 the generator must reach; t0098
# checks that the make-check sample holds each of them.
REQUIRED = [
    "list", "list-or", "list-bg", "pipeline", "subshell", "brace", "for", "c-for",
    "while-read", "while", "if", "case", "function", "function-cd", "heredoc",
    "heredoc-quoted", "heredoc-subst", "heredoc-first", "heredoc-pipe", "heredoc-semi",
    "heredoc-subshell", "heredoc-brace", "heredoc-loop", "heredoc-function",
    "heredoc-redir-before", "herestring", "compound-redir", "compound-heredoc",
    "redir-before", "redir-between", "redir-after", "cd", "cd-mid", "pushd", "cd-subshell",
    "cd-pipeline", "wrap-env", "wrap-nice", "wrap-timeout", "xargs", "assign",
    "assign-prefix", "assign-subst", "quote-single", "quote-double", "expand-pwd",
    "cmdsubst", "procsubst", "expand-brace",
]


def missing_constructs(cases):
    seen = set()
    for c in cases:
        seen.update(c["construct"].split(" ", 1)[1].split(","))
    return [t for t in REQUIRED if t not in seen]


if __name__ == "__main__":
    import json
    if len(sys.argv) > 1 and sys.argv[1] == "--coverage":
        miss = missing_constructs(generate(int(sys.argv[2]), int(sys.argv[3])))
        print(" ".join(miss))
        sys.exit(1 if miss else 0)
    for c in generate(int(sys.argv[1]) if len(sys.argv) > 1 else 10,
                      int(sys.argv[2]) if len(sys.argv) > 2 else 1):
        print(json.dumps(c))
