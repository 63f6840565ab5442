// Package python reads Python 3 source without running it: a tokenizer
// and a parser that follow CPython's own (the tokenizer of 3.12 and 3.13,
// f-strings as PEP 701 tokenizes them, and the alternatives of
// Grammar/python.gram in their order), to say whether compile() of
// Python 3.12 and 3.13 refuses a source, where, and why. It knows bytes,
// not the file system.
//
// Check's verdict is one of three. Invalid is claimed only where both
// versions refuse the source (the tests hold this against compile() on
// every standard library file installed and on the snippets of CPython's
// grammar, syntax, f-string and tokenizer tests); Clean says that none of
// the reader's checks fails; Undecided, that the source uses what the
// reader does not decide.
//
// What the reader decides:
//
//   - the tokenizer's errors: unterminated strings and f-strings,
//     malformed numbers, characters that cannot appear outside a string,
//     a NUL byte, bytes that are not UTF-8 outside comments, brackets that
//     do not match or are never closed, a line continuation that does not
//     end its line, indentation that matches no outer block, tabs and
//     spaces mixed inconsistently, more than 100 levels of indentation or
//     200 open brackets;
//   - the grammar: every statement and expression of 3.12 and 3.13,
//     including match statements, type parameters (with 3.13's defaults),
//     except* and PEP 701 f-strings;
//   - the parser's actions that refuse: a bytes literal that is not ASCII,
//     a string that is not UTF-8, bytes beside text in one concatenation,
//     an f-string conversion other than !s, !r, !a or one not right after
//     the '!';
//   - the compiler's future-statement check: an unknown __future__
//     feature, and "braces", at the start of a module.
//
// Read gives, besides the verdict, what a linter of imports needs of a
// clean module: its import statements outside any block, every name its
// source spells (a superset of the names it defines), and whether it can
// define names it does not spell. Stdlib names the standard library's
// top-level modules.
//
// Positions: compile()'s line and column (a 1-based column counted in
// characters, as 3.13 counts them; 3.12 counts some in bytes on lines with
// non-ASCII text). For errors the tokenizer raises, the position is
// CPython's (Result.Exact). For the parser's generic "invalid syntax" it is
// the furthest token the first pass read, which is CPython's unless one of
// its second-pass rules (invalid_*) names the error elsewhere, with a
// message of its own.
//
// What it does not decide (it says nothing, never an error): errors of
// compile()'s later stages (the symbol table: 'return' outside a function,
// nonlocal at module level, duplicate arguments; the code generator:
// 'break' outside a loop, a misplaced __future__ import, assignment to
// __debug__, starred assignment targets that are not in a list or tuple),
// string escapes (\N{...} names, truncated \x, \u and \U escapes), integer
// literals beyond sys.get_int_max_str_digits(), sources that declare an
// encoding other than UTF-8, the barry_as_FLUFL future, and nesting deeper
// than its own bounds.
package python
