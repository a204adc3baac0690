# FSJAIL_CHECK_CFLAG(FLAG, ACTION-IF-OK, ACTION-IF-NOT, EXTRA-FLAGS)
# Compiles an empty program with FLAG (and EXTRA-FLAGS) added to CFLAGS.
AC_DEFUN([FSJAIL_CHECK_CFLAG], [
  AC_MSG_CHECKING([whether $CC accepts $1])
  fsjail_save_cflags=$CFLAGS
  CFLAGS="$CFLAGS $4 $1"
  AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [return 0;])],
    [AC_MSG_RESULT([yes]); $2], [AC_MSG_RESULT([no]); $3])
  CFLAGS=$fsjail_save_cflags
])

# FSJAIL_CHECK_LDFLAG(FLAG, ACTION-IF-OK, ACTION-IF-NOT)
# Links an empty program with FLAG added to LDFLAGS (an unknown -z keyword
# is only a warning to GNU ld, so warnings count as failure: -Wl,--fatal-warnings
# where the linker knows it).
AC_DEFUN([FSJAIL_CHECK_LDFLAG], [
  AC_MSG_CHECKING([whether the linker accepts $1])
  fsjail_save_ldflags=$LDFLAGS
  LDFLAGS="$LDFLAGS $1 -Wl,--fatal-warnings"
  AC_LINK_IFELSE([AC_LANG_PROGRAM([], [return 0;])],
    [AC_MSG_RESULT([yes]); $2], [AC_MSG_RESULT([no]); $3])
  LDFLAGS=$fsjail_save_ldflags
])
