# Shared by the release scripts (sourced; $root is the checkout, $version and SOURCE_DATE_EPOCH
# come from scripts/release.sh).

# glibc's own libraries: the only ones a release program may take from the host.
glibc_pattern='^(libc|libm|libdl|librt|libpthread|libresolv|libutil|ld-linux-x86-64)\.so'

is_glibc() { [[ $(basename "$1") =~ $glibc_pattern ]]; }

is_debian_11() { grep -qx 'VERSION_ID="11"' /etc/os-release 2>/dev/null; }

# Debian 11 lacks four of the generator's header-only libraries, or has them too old: CLI11,
# nlohmann-json and toml++ come from Debian 12's -dev packages, cpp-httplib from Debian 12's
# source package (its -dev package is split into a compiled library). All header-only, unpacked
# into build/release-deps/debian12 with pkg-config files that use them as headers.
debian12_headers=$root/build/release-deps/debian12
fetch_debian12_headers() {
  [[ -f $debian12_headers/done ]] && return 0
  rm -rf "$debian12_headers" && mkdir -p "$debian12_headers"
  local deb fetch=scripts/probe-bundle.d/debian-fetch.sh
  for deb in $($fetch bookworm main build/release-deps/apt-bookworm \
    libcli11-dev nlohmann-json3-dev libtomlplusplus-dev); do
    dpkg-deb -x "$deb" "$debian12_headers"
  done
  local source
  source=$($fetch --source bookworm main build/release-deps/apt-bookworm cpp-httplib)
  mkdir -p "$debian12_headers/httplib" "$debian12_headers/usr/share/doc/cpp-httplib"
  tar -xf "$source" -C "$debian12_headers/httplib" --strip-components=1 --wildcards \
    '*/httplib.h' '*/LICENSE'
  cp "$debian12_headers/httplib/LICENSE" "$debian12_headers/usr/share/doc/cpp-httplib/copyright"
  local pc=$debian12_headers/pkgconfig
  mkdir -p "$pc"
  printf 'Name: tomlplusplus\nDescription: toml++, header-only\nVersion: 3.3.0\nCflags: -I%s -DTOML_HEADER_ONLY=1\n' \
    "$debian12_headers/usr/include" >"$pc/tomlplusplus.pc"
  printf 'Name: cpp-httplib\nDescription: cpp-httplib, header-only\nVersion: 0.11.4\nCflags: -I%s\nLibs: -pthread\n' \
    "$debian12_headers/httplib" >"$pc/cpp-httplib.pc"
  touch "$debian12_headers/done"
}

# What building PART needs on this system.
release_deps() {
  if is_debian_11; then
    scripts/deps.sh release-debian11
    fetch_debian12_headers
    export PKG_CONFIG_PATH=$debian12_headers/pkgconfig
    release_prefix=(-DCMAKE_PREFIX_PATH="$debian12_headers/usr")
  else
    scripts/deps.sh release
    release_prefix=()
  fi
}

# configure_release BUILD [CMAKE ARGS...]: a Release build without tests or test hooks, whose
# binaries do not depend on the checkout's path (so that the same commit gives the same bytes).
configure_release() {
  local build=$1
  shift
  local launcher=()
  mkdir -p "$(dirname "$build")"
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUGUIDE_BUILD_TESTS=OFF \
    -DGPUGUIDE_TEST_HOOKS=OFF -DCMAKE_CXX_FLAGS="-ffile-prefix-map=$root=." \
    -DCMAKE_C_FLAGS="-ffile-prefix-map=$root=." "${release_prefix[@]}" "${launcher[@]}" "$@" \
    >"$build.configure.log" 2>&1 || { tail -20 "$build.configure.log" >&2; return 1; }
}

source_commit() {
  local commit
  commit=$(git -C "$root" rev-parse HEAD 2>/dev/null) || { echo "unknown"; return; }
  git -C "$root" diff --quiet HEAD -- || commit+=" (with uncommitted changes)"
  echo "$commit"
}

# Fails naming any library a program or bundled library needs that is neither glibc's nor in
# DIR/lib.
check_needs_glibc_only() {
  local dir=$1 file library bad=0
  while IFS= read -r file; do
    for library in $(objdump -p "$file" | awk '$1 == "NEEDED" {print $2}'); do
      is_glibc "$library" || [[ -e $dir/lib/$library ]] || {
        echo "release: $file needs $library, which is neither glibc's nor in lib/" >&2
        bad=1
      }
    done
  done < <(find "$dir" -type f -perm -u+x -o -type f -name '*.so*' | sort)
  return $bad
}

max_glibc_of() {
  find "$1" -type f \( -perm -u+x -o -name '*.so*' \) -exec objdump -T {} + 2>/dev/null |
    grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1
}

# make_man_pages STAGE MANDIR: the two programs' man pages, from their --help (help2man).
make_man_pages() {
  local stage=$1 mandir=$2 program
  for program in gpuguide gpuguide-probe; do
    local subcommands=()
    [[ $program == gpuguide ]] && subcommands=(build check serve theme init fleet)
    cmake -DPROGRAM="$stage/$program" -DOUTPUT="$mandir/$program.1.gz" -DSOURCE_DIR="$root" \
      -DNAME_LINE="$(man_name_line "$program")" -DDESCRIPTION="$(man_name_line "$program")." \
      -DSUBCOMMANDS="$(
        IFS=';'
        echo "${subcommands[*]}"
      )" -P "$root/cmake/help2man.cmake" 2>/dev/null
  done
}
man_name_line() {
  case $1 in
    gpuguide) echo "build mdBook books and the GPU Guide with live measured figures" ;;
    gpuguide-probe) echo "measure this machine's GPUs and CPU into a measurement document" ;;
  esac
}

# third_party_notices LIBDIR WITH_CUDA PACKAGE...: on standard output, the copyright files of the
# Debian packages whose libraries are in LIBDIR and of each PACKAGE compiled in (header-only or a
# static archive; "a|b" takes the first of the two found). WITH_CUDA=1: NVIDIA's CUDA runtime too.
third_party_notices() {
  local libdir=$1 with_cuda=$2 library package
  shift 2
  echo "Third-party software in this archive, with its copyright and licence texts."
  echo "gpuguide and gpuguide-probe themselves: LICENSE (Apache-2.0)."
  for library in "$libdir"/*; do
    [[ -e $library ]] || continue
    dpkg -S "*/$(basename "$library")" 2>/dev/null | head -1 | cut -d: -f1
  done | sort -u | while read -r package; do
    copyright_of "$package"
  done
  for package in "$@"; do
    copyright_of ${package//|/ }
  done
  ((with_cuda)) || return 0
  cat <<'EOF'

==== NVIDIA CUDA runtime (cudart_static), in cuda*/gpuguide-probe ====
The probe builds link NVIDIA's CUDA runtime library statically, as redistributable under the
CUDA Toolkit End User License Agreement, Attachment A:
https://docs.nvidia.com/cuda/eula/index.html
EOF
}
# What the probes link in: OpenBLAS and the GCC runtimes statically, CLI11 and nlohmann-json as
# headers.
probe_packages=(libopenblas-dev libgfortran5 "libstdc++6" libgcc-s1 libcli11-dev nlohmann-json3-dev)
# What gpuguide compiles in beyond the libraries in lib/.
generator_packages=(libkainjow-mustache-dev libtomlplusplus-dev "libcpp-httplib-dev|cpp-httplib")

# copyright_of PACKAGE...: the first of these packages' copyright files found, here or among the
# Debian 12 headers.
copyright_of() {
  local package file
  for package in "$@"; do
    for file in "/usr/share/doc/$package/copyright" \
      "$debian12_headers/usr/share/doc/$package/copyright"; do
      if [[ -f $file ]]; then
        printf '\n==== %s (Debian package %s) ====\n' "$package" "$package"
        cat "$file"
        return
      fi
    done
  done
}

# reproducible_tar DIR NAME OUT: DIR/NAME as OUT (.tar.xz), the same bytes for the same files:
# sorted names, the commit's time on every file, no owner names, no access or change times.
reproducible_tar() {
  local dir=$1 name=$2 out=$3
  find "$dir/$name" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
  tar -C "$dir" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --format=gnu -cf - "$name" | xz -T1 -6 >"$out.tmp"
  mv "$out.tmp" "$out"
}
