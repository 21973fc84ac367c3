import { Module } from '@nestjs/common';
import { CreateCategoryHandler } from './application/create-category.handler.js';
import { CreateProductHandler } from './application/create-product.handler.js';

/** The menu: plain state with a `MenuChanged` notice per edit. Its HTTP API and the public menu come with issue 4. */
@Module({ providers: [CreateCategoryHandler, CreateProductHandler] })
export class MenuModule {}
