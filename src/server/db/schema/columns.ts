import type { ColumnType } from 'kysely';

/** Column types shared by the table types (camelCase; CamelCasePlugin maps them onto the snake_case columns). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTs = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;
export type Id = ColumnType<number, number | undefined, never>;
/** numeric columns: read as numbers, written as numbers or their text */
export type Num = ColumnType<number, number | string | undefined, number | string>;
export type NullNum = ColumnType<number | null, number | string | null | undefined, number | string | null>;
