package main

import "errors"

func runDoctor(env *cmdEnv, args []string) (int, error) {
	return 0, errors.New("doctor: not available in this build")
}
