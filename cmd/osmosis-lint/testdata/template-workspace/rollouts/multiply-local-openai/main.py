from multiply_rollout.workflow import run

if __name__ == "__main__":
    run()
