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
