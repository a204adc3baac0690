/* sbpl_bsd.c - the model of Apple's bsd.sb the evaluator imports (data;
 * sbpl_bsd.h). */
#include "sbpl_bsd.h"

/* What (import "bsd.sb") gives, as SBPL-NOTES.md section 4 lists it (a
 * 10.15.2 copy; newer systems may differ). Only the file, sysctl, signal
 * and a few mach/ipc rules are written out; the many mach-lookup services
 * of system.sb are not (fsjail's profile names the ones it needs). The
 * core-file rule needs a vnode type, which a path query never has. */
const char sbpl_eval_bsd_model[] =
	";; system.sb\n"
	"(allow file-read* (literal \"/\"))\n"
	"(allow file-read*\n"
	"\t(subpath \"/System\")\n"
	"\t(subpath \"/usr/lib\")\n"
	"\t(subpath \"/usr/share\")\n"
	"\t(subpath \"/private/var/db/dyld\")\n"
	"\t(subpath \"/private/var/db/timezone\")\n"
	"\t(subpath \"/Library/Apple/System\"))\n"
	"(allow file-read*\n"
	"\t(literal \"/dev/random\")\n"
	"\t(literal \"/dev/urandom\")\n"
	"\t(literal \"/private/etc/passwd\"))\n"
	"(allow file-read* file-write-data\n"
	"\t(literal \"/dev/null\")\n"
	"\t(literal \"/dev/zero\"))\n"
	"(allow file-map-executable\n"
	"\t(subpath \"/System/Library/Frameworks\")\n"
	"\t(subpath \"/System/Library/PrivateFrameworks\")\n"
	"\t(subpath \"/usr/lib\"))\n"
	"(allow file-write-create\n"
	"\t(require-all (vnode-type REGULAR-FILE) (regex #\"^/cores/core\\.[0-9]+$\")))\n"
	"(allow file-read-metadata\n"
	"\t(literal \"/etc\")\n"
	"\t(literal \"/tmp\")\n"
	"\t(literal \"/var\"))\n"
	"(allow mach-lookup\n"
	"\t(global-name \"com.apple.system.logger\")\n"
	"\t(global-name \"com.apple.system.notification_center\"))\n"
	"(allow sysctl-read)\n"
	";; bsd.sb\n"
	"(allow file-read-metadata)\n"
	"(allow file-read*\n"
	"\t(literal \"/usr/share/nls\")\n"
	"\t(subpath \"/usr/share/zoneinfo\")\n"
	"\t(regex #\"^/Users/[^/]+/\\.CFUserTextEncoding$\"))\n"
	"(allow ipc-posix-shm-read-data (ipc-posix-name \"apple.shm.notification_center\"))\n"
	"(allow signal (target self))\n";
