# Which CUDA toolkit builds the GPU probes, and whether it is new enough, decided before CUDA is
# enabled: a toolkit older than the probes support gives one message and a build without the GPU
# probes, never a compile error half-way (probes/README.md, "Build options").
#
# CUDA 12.0 is the oldest: latency.cpp instantiates its CUDA Graph with CUDA 12's three-argument
# cudaGraphInstantiate, and the FP8 GEMM needs the FP8 types of 11.8; every other call the probes
# make is older. Tried: 11.8 (Debian 12's nvidia-cuda-toolkit: refused here), 12.4 (Debian 13's),
# 13.0 (NVIDIA's).
set(GPUGUIDE_CUDA_OLDEST 12.0)

# gpuguide_find_nvcc(<out_var>): the nvcc that CMake would use: CMAKE_CUDA_COMPILER, then the
# CUDACXX environment variable, then nvcc on PATH; empty when there is none.
function(gpuguide_find_nvcc out_var)
  if(CMAKE_CUDA_COMPILER)
    set(nvcc ${CMAKE_CUDA_COMPILER})
  elseif(DEFINED ENV{CUDACXX} AND NOT "$ENV{CUDACXX}" STREQUAL "")
    set(nvcc $ENV{CUDACXX})
  else()
    find_program(GPUGUIDE_NVCC nvcc)
    set(nvcc ${GPUGUIDE_NVCC})
  endif()
  if(NOT nvcc)
    set(nvcc "")
  endif()
  set(${out_var} "${nvcc}" PARENT_SCOPE)
endfunction()

# gpuguide_check_cuda_toolkit(<nvcc> <ok_var> <version_var> <message_var>): runs `nvcc --version`;
# <ok_var> is true when it is CUDA GPUGUIDE_CUDA_OLDEST or newer, <version_var> the version it
# reports ("12.4.131"), <message_var> empty when ok and otherwise the one message to show: what
# was found, what is needed, and that the guide still builds without the GPU probes.
function(gpuguide_check_cuda_toolkit nvcc ok_var version_var message_var)
  set(ok FALSE)
  set(version "")
  set(otherwise "The guide and the CPU probes are built without the GPU probes (they report \
\"built without CUDA\"). To build them, install CUDA ${GPUGUIDE_CUDA_OLDEST} or newer (Debian 13's \
nvidia-cuda-toolkit is 12.4) and point CMAKE_CUDA_COMPILER at its nvcc, or configure with \
-DGPUGUIDE_BUILD_PROBES_GPU=OFF to silence this.")
  execute_process(COMMAND "${nvcc}" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE out TIMEOUT 60)
  if(rc EQUAL 0 AND out MATCHES "release [0-9]+\\.[0-9]+, V([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
    set(version ${CMAKE_MATCH_1})
  endif()
  if(version STREQUAL "")
    string(STRIP "${out}" out)
    set(message "the CUDA compiler ${nvcc} did not report its version (exit ${rc}: ${out}). \
${otherwise}")
  elseif(version VERSION_LESS GPUGUIDE_CUDA_OLDEST)
    set(message "${nvcc} is CUDA ${version}, older than CUDA ${GPUGUIDE_CUDA_OLDEST}, the oldest \
the GPU probes support (they use CUDA 12's graph API). ${otherwise}")
  else()
    set(ok TRUE)
    set(message "")
  endif()
  set(${ok_var} ${ok} PARENT_SCOPE)
  set(${version_var} "${version}" PARENT_SCOPE)
  set(${message_var} "${message}" PARENT_SCOPE)
endfunction()

# gpuguide_find_nccl_header(<nvcc> <out_var>): the folder holding nccl.h, which gpu.multi compiles
# against for NCCL's types (NCCL itself is loaded at run time): the toolkit's include folder (the
# wheels' toolkit has it), else the system's (Debian's libnccl-dev, from contrib; NVIDIA's
# libnccl-dev). Empty when there is none: a CUDA toolkit alone does not bring it.
function(gpuguide_find_nccl_header nvcc out_var)
  get_filename_component(bin "${nvcc}" DIRECTORY)
  get_filename_component(toolkit "${bin}" DIRECTORY)
  find_path(GPUGUIDE_NCCL_INCLUDE_DIR nccl.h
            HINTS ${toolkit}/include ${toolkit}/targets/x86_64-linux/include)
  if(GPUGUIDE_NCCL_INCLUDE_DIR)
    set(${out_var} ${GPUGUIDE_NCCL_INCLUDE_DIR} PARENT_SCOPE)
  else()
    set(${out_var} "" PARENT_SCOPE)
  endif()
endfunction()
