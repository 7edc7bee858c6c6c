"""Copies libDLC.so from a DLC build into the package as it is built, so
that an installed `dlc` finds its library by itself. The build is
$DLC_BUILD_DIR, else build/ at the top of the source tree."""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        here = os.path.dirname(os.path.abspath(__file__))
        build = os.environ.get("DLC_BUILD_DIR") or os.path.join(here, "..", "build")
        library = os.path.join(build, "lib", "libDLC.so")
        if not os.path.exists(library):
            raise SystemExit(f"no libDLC.so in {os.path.abspath(build)}/lib: build DLC first "
                             "(sh scripts/test.sh, or cmake --build build) or set DLC_BUILD_DIR")
        # The real file, not the symlink chain; it carries its RUNPATH to
        # Debian's LLVM libraries.
        shutil.copyfile(os.path.realpath(library),
                        os.path.join(self.build_lib, "dlc", "libDLC.so"))


setup(cmdclass={"build_py": BuildWithLibrary})
