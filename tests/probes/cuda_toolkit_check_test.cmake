# The CUDA toolkit version check (probes/cuda_toolkit.cmake), run as a ctest in script mode:
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch folder> [-DGENERATOR=Ninja] -P cuda_toolkit_check_test.cmake
# Fake nvcc programs print what real ones print for `nvcc --version` (the 11.8 text is Debian
# 12's nvidia-cuda-toolkit's); no CUDA is needed. Given a GENERATOR it also configures the whole
# project with the 11.8 one: the configure succeeds, says so once, and leaves the GPU probes out.
cmake_minimum_required(VERSION 3.18)
include(${SOURCE_DIR}/probes/cuda_toolkit.cmake)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# expect(<what> <condition>...): the condition as if() takes it.
function(expect what)
  if(NOT (${ARGN}))
    message(SEND_ERROR "FAILED: ${what}")
  else()
    message(STATUS "ok: ${what}")
  endif()
endfunction()

# A fake toolkit WORK_DIR/<name>/bin/nvcc that prints `text` and exits with `code`.
function(fake_nvcc name text code out_var)
  set(folder ${WORK_DIR}/${name}/bin)
  file(MAKE_DIRECTORY ${folder})
  file(WRITE ${WORK_DIR}/nvcc.tmp "#!/bin/sh\ncat <<'EOF'\n${text}\nEOF\nexit ${code}\n")
  file(COPY ${WORK_DIR}/nvcc.tmp DESTINATION ${folder}
       FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(RENAME ${folder}/nvcc.tmp ${folder}/nvcc)
  set(${out_var} ${folder}/nvcc PARENT_SCOPE)
endfunction()

function(version_text release build out_var)
  set(${out_var} "nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2024 NVIDIA Corporation
Cuda compilation tools, release ${release}, V${build}
Build cuda_${release}.r${release}/compiler.0_0" PARENT_SCOPE)
endfunction()

version_text(11.8 11.8.89 text)
fake_nvcc(cuda-11.8 "${text}" 0 nvcc_118)
gpuguide_check_cuda_toolkit(${nvcc_118} ok version why)
expect("nvcc 11.8 is refused" NOT ok)
expect("nvcc 11.8's version is read as 11.8.89 (got '${version}')" version STREQUAL "11.8.89")
foreach(part "11.8.89" "${WORK_DIR}/cuda-11.8" "CUDA ${GPUGUIDE_CUDA_OLDEST}"
             "without the GPU probes" "CMAKE_CUDA_COMPILER")
  string(FIND "${why}" "${part}" at)
  expect("the refusal names '${part}' (message: ${why})" at GREATER -1)
endforeach()

foreach(release 12.0 12.4 13.0)
  version_text(${release} ${release}.1 text)
  fake_nvcc(cuda-${release} "${text}" 0 nvcc)
  gpuguide_check_cuda_toolkit(${nvcc} ok version why)
  expect("nvcc ${release} is accepted" ok)
  expect("nvcc ${release} gets no message (got '${why}')" NOT why)
endforeach()

fake_nvcc(broken "error while loading shared libraries: libcuda-gdb.so" 127 nvcc_broken)
gpuguide_check_cuda_toolkit(${nvcc_broken} ok version why)
expect("an nvcc that does not run is refused" NOT ok)
string(FIND "${why}" "did not report its version" at)
expect("and the message says it did not report its version (${why})" at GREATER -1)

gpuguide_check_cuda_toolkit(${WORK_DIR}/nowhere/bin/nvcc ok version why)
expect("a missing nvcc is refused" NOT ok)

# nccl.h: in the toolkit's include folder (the wheels' toolkit), else the system's, else none.
file(WRITE ${WORK_DIR}/cuda-12.4/include/nccl.h "/* stand-in */\n")
unset(GPUGUIDE_NCCL_INCLUDE_DIR CACHE)
gpuguide_find_nccl_header(${WORK_DIR}/cuda-12.4/bin/nvcc nccl)
expect("nccl.h is found in the toolkit (${nccl})" nccl STREQUAL "${WORK_DIR}/cuda-12.4/include")
if(NOT EXISTS /usr/include/nccl.h AND NOT EXISTS /usr/local/include/nccl.h)
  unset(GPUGUIDE_NCCL_INCLUDE_DIR CACHE)
  gpuguide_find_nccl_header(${WORK_DIR}/cuda-13.0/bin/nvcc nccl)
  expect("a toolkit without nccl.h, on a system without it, has none (${nccl})" NOT nccl)
endif()

if(GENERATOR)
  # The whole project, configured as a user with Debian 12's toolkit would: it must succeed,
  # print the refusal once, and build no CUDA target.
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/project -G ${GENERATOR}
            -DCMAKE_CUDA_COMPILER=${nvcc_118} -DGPUGUIDE_BUILD_TESTS=OFF
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect("the project configures with CUDA 11.8 present (exit ${rc}: ${err})" rc EQUAL 0)
  string(REGEX REPLACE "[ \n]+" " " said "${out}${err}") # CMake wraps a warning's lines
  string(REGEX MATCHALL "older than CUDA ${GPUGUIDE_CUDA_OLDEST}" said "${said}")
  list(LENGTH said times)
  expect("the refusal is printed once (${times} times)" times EQUAL 1)
  file(READ ${WORK_DIR}/project/build.ninja ninja)
  string(FIND "${ninja}" "CMakeFiles/gpuguide_probe_gpu.dir/" cuda_target)
  expect("no CUDA probe target is generated" cuda_target EQUAL -1)
  string(FIND "${ninja}" "gpuguide-probe" probe_target)
  expect("gpuguide-probe (the CPU probes) is still built" probe_target GREATER -1)
endif()
