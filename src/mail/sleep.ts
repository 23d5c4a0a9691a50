/** Resolves after `ms`, or earlier when the returned `wake` is called. */
export function wakeableSleep(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = (): void => undefined;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish(): void {
      clearTimeout(timer);
      resolve();
    }
    wake = finish;
  });
  return { done, wake };
}
