/** Before any model is set up: says what Storyloom needs to narrate, and opens the model form. */
export function FirstRunBanner(props: { readonly onSetUp: () => void }) {
  return (
    <section className="first-run" aria-label="Set up a model">
      <div>
        <h2>Choose a model to narrate your stories</h2>
        <p>
          Storyloom runs a language model on this machine (a <code>.gguf</code> file) or talks to an OpenAI-compatible
          endpoint you name. None is saved in your settings yet; a model given with <code>--llm</code> serves this
          session only.
        </p>
      </div>
      <button type="button" className="primary" onClick={props.onSetUp}>
        Set up a model
      </button>
    </section>
  );
}
