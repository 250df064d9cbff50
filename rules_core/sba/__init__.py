"""(layer)"""
