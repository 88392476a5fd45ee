/**
 * The record a form edits, for widgets that show more than their own value (the names beside a
 * list of organisation ids, whether a paper is locked). Kept apart from entity-form so that a widget
 * reads it without loading the form.
 */
import { createContext, useContext } from 'react';

export const FormRecordContext = createContext<Record<string, unknown> | null>(null);

export const useFormRecord = () => useContext(FormRecordContext);
