/** A form's data or a request payload: field name (the API name) -> value. */
export type FormData = Record<string, unknown>;

export interface TransformContext {
  /** Today's date (YYYY-MM-DD) on the side that runs the transform: the server's clock decides. */
  today: string;
  /** The data before the change being handled (browser only); absent on the server. */
  previous?: FormData;
  /** The applicant's facts (isExistingCustomer, isMinor, ...) with this form's data counted (factsWithStepData). */
  facts?: Record<string, unknown>;
}

/** A named, pure function over form data; the flow file and the form schemas refer to it by name. */
export type Transform = (data: FormData, ctx: TransformContext) => FormData;

