/**
 * A port that a module registered later gives to one registered earlier. Modules are registered in the
 * order of the decorations they read at assembly (lib/api-module.ts), and once in a while the earlier
 * module needs, only while it answers a request, a read of a module that already reads it: permissions
 * come before attendance (the evaluation takes the approved permissions) but their compensatory-rest
 * balance counts the days the engine found worked. The earlier module creates the port and decorates the
 * app with it; the later one, which names the earlier among its dependencies, provides it when it
 * registers. `requireProvided` on the app's `onReady` makes a missing provider stop the start-up, as a
 * missing dependency does, instead of failing at the first request.
 */
export class LatePort<T> {
  private value: T | null = null;

  /** `what`: the port in words, for the errors («el descanso compensatorio adeudado, de modules/attendance»). */
  constructor(private readonly what: string) {}

  /** Given once, by the module that owns what the port reads. */
  provide(value: T): void {
    if (this.value !== null) throw new Error(`Ya se entregó ${this.what}.`);
    this.value = value;
  }

  /** The port; throws while nobody has given it. */
  get(): T {
    if (this.value === null) throw new Error(`Falta ${this.what}: ningún módulo lo entregó al armar la aplicación.`);
    return this.value;
  }

  /** For the app's `onReady`: the start-up fails when the port was never given. */
  requireProvided(): void {
    this.get();
  }
}
