/**
 * The title and lines of an auth intro, appearing step by step: the title at step 1, line i at step
 * i + 2 (product-spec.md §9 reveal steps; `shown` comes from useRevealSteps).
 */
export function RevealIntro({
  id,
  title,
  lines,
  shown,
}: {
  id: string;
  title: string;
  lines: string[];
  shown: number;
}) {
  return (
    <>
      <h1 id={id} className={`auth-title${shown >= 1 ? ' reveal' : ' is-pending'}`}>
        {title}
      </h1>
      <div aria-live="polite">
        {lines.map((line, i) =>
          i + 2 <= shown ? (
            <p key={line} className="reveal auth-intro-line">
              {line}
            </p>
          ) : null,
        )}
      </div>
    </>
  );
}
