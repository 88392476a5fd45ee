declare module 'virtual:meta-validators' {
  interface Validate {
    (json: unknown): boolean;
    errors?: import('../../contract/meta-messages').MetaError[] | null;
  }
  export const screen: Validate;
  export const entity: Validate;
}
