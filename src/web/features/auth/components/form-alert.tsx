/** A form-level message ('All fields are required'), read out when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-5 rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}
