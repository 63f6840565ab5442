"""A rollout that asks the model to multiply two numbers and grades the answer."""


def grade(answer: str, ground_truth: str) -> float:
    """Reward 1.0 for the exact product, else 0.0."""
    return 1.0 if answer.strip() == ground_truth.strip() else 0.0
