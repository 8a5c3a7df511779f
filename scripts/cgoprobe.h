/*
 * cgoprobe.h: make's CGO_CFLAGS includes it in every C file cgo compiles
 * (see the Makefile). It makes cgo's probe of a package's C names fast.
 *
 * To learn what each name a package uses is, cgo compiles a file with five
 * lines per name and reads which of them gcc refuses. One of them,
 * "name *__cgo_undefined__2;", declares a pointer when the name is a type.
 * When it is not, gcc reads a product with an undeclared operand, and for
 * each undeclared identifier gcc searches every name in scope, macros
 * included, for a similar one to suggest. go-gl/gl (Fyne's OpenGL) has
 * 2,853 functions and a preamble of some 11,000 names: gcc took 63 s for
 * the probe, which cgo runs twice (Linux), and 290 s for the Windows
 * program under mingw-w64. Declared here as a struct, the operand is no
 * longer undeclared: a non-type name still makes that line an error
 * ("invalid operands to binary *"), a type still declares a pointer that
 * shadows it, and gcc suggests nothing. The same 5,738 names were sorted
 * the same way, in 1.6 s. docs/upstream/cgo-probe-fuzzy-lookup.md.
 *
 * Only a declaration: nothing refers to it, so no program holds it.
 */
#ifndef __ASSEMBLER__
struct __cgo_undefined_t {
	int __cgo_x;
};
extern struct __cgo_undefined_t __cgo_undefined__2;
#endif
