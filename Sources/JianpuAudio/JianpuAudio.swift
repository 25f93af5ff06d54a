import JianpuCore
