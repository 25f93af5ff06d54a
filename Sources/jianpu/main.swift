print("jianpu")
